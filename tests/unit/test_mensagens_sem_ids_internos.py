"""As recusas que a pessoa lê (na página e na API) dizem o estado, o ato, o papel, a permissão e
o meio de ciência pelo nome que os dados declaram, nunca pelo id interno: não '"Entregue ao
proprietário ..." (entregue)', "meio 'edital'" nem "a permissão `audita_acessos`".

Os nomes vêm de farol/normas/dados/: procedimento_<regime>.yaml (estados e atos), papeis.yaml
(papéis e permissões) e comunicacao.yaml (meios de ciência).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, cast

import pytest
from sqlalchemy.orm import Session

from farol.domain.papeis import AUDITA_ACESSOS, CORRIGE_CADASTRO, PAPEIS, papeis_com
from farol.domain.procedimento.carregar import carregar_regime, carregar_regimes
from farol.erros import Conflito, EntradaInvalida, ErroFarol, Proibido
from farol.normas.comunicacao import comunicacao
from farol.normas.papeis import catalogo_papeis
from farol.rules.penalidades import calcular_penalidade
from farol.services import acessos, cadastro
from farol.services.comandos import DadosCiencia
from farol.services.comunicacao import conferir_ciencia, descrever_ciencia
from farol.services.jurisdicao import Ator
from farol.store.orm import Processo


def _ids_internos() -> set[str]:
    """Os ids de estado, tipo de ato, papel e permissão de todos os quadros e de papeis.yaml."""
    ids: set[str] = set(PAPEIS) | {p.id for p in catalogo_papeis().permissoes}
    for m in carregar_regimes():
        ids |= set(m.estados) | {t.tipo_ato for t in m.transicoes}
    return ids


def _ids_citados(mensagem: str, ids: set[str]) -> list[str]:
    """Os ids que a mensagem cita como id: entre parênteses, aspas ou crases."""
    return [x for x in re.findall(r"[(`'\"“]([a-z][a-z0-9_]*)[)`'\"”]", mensagem) if x in ids]


def test_recusa_do_quadro_diz_estado_ato_e_papel_pelo_nome_em_todo_regime() -> None:
    """O ato fora de ordem e o papel errado, em todo estado de todo regime: antes, '"Entregue
    ao proprietário ..." (entregue)', '"Julgamento procedente ..." (julgamento_procedente)',
    'Inspetor Naval (inspetor)'."""
    ids = _ids_internos()
    vistas = 0
    for m in carregar_regimes():
        tipos = dict.fromkeys(t.tipo_ato for t in m.transicoes if not t.e_correcao)
        for estado in m.estados:
            for tipo in tipos:
                for papel in ("inspetor", "autoridade_competente"):
                    try:
                        m.transicao(estado, tipo, papel)
                    except ErroFarol as e:
                        vistas += 1
                        assert _ids_citados(e.mensagem, ids) == [], e.mensagem
    assert vistas > 1000


def test_o_estado_entregue_da_custodia_aparece_so_pelo_nome() -> None:
    m = carregar_regime("custodia")
    nome = m.estados["entregue"].nome
    tipo = next(t.tipo_ato for t in m.transicoes if "entregue" not in m.origens(t))
    with pytest.raises(Conflito) as e:
        m.transicao("entregue", tipo, "autoridade_competente")
    assert f'"{nome}"' in e.value.mensagem
    assert "(entregue)" not in e.value.mensagem
    assert f"({tipo})" not in e.value.mensagem


def test_papel_errado_diz_quem_registra_pelo_nome() -> None:
    m = carregar_regime("lesta")
    with pytest.raises(Conflito) as e:
        m.transicao("aguardando_julgamento", "julgamento_procedente", "inspetor")
    assert e.value.mensagem == (
        'o papel Inspetor Naval não pode registrar o ato "Julgamento procedente do Auto, com '
        'imposição de penalidade"; cabe a: Autoridade Competente'
    )


def _ator(papel: str) -> Ator:
    return Ator(usuario_id=1, login="x", nome="X", papel=papel, om_id=1, om_sigla="CPSC",
                oms=frozenset({1}))  # fmt: skip


def test_o_registro_de_acessos_recusado_diz_quem_o_consulta_sem_a_permissao_interna() -> None:
    """Antes: 'o seu papel não tem a permissão `audita_acessos`'."""
    with pytest.raises(Proibido) as e:
        acessos.exigir_auditor(_ator("consulta"))
    assert e.value.mensagem == (
        "o registro de acesso a dados pessoais é consultado por Auditor; o papel Consulta não o "
        "consulta"
    )
    assert e.value.campo == "papel" and e.value.regra == "LGPD art. 37"
    assert papeis_com(AUDITA_ACESSOS) == ("auditor",)


def test_a_correcao_do_cadastro_recusada_diz_quem_corrige_sem_a_permissao_interna() -> None:
    with pytest.raises(Proibido) as e:
        cadastro.exigir_permissao(_ator("auditor"))
    assert "`" not in e.value.mensagem and CORRIGE_CADASTRO not in e.value.mensagem
    assert e.value.mensagem.startswith("o papel Auditor não corrige o cadastro")
    assert "Inspetor Naval, Autoridade Competente, Capitão dos Portos ou Diretor de Portos e " in (
        e.value.mensagem
    )
    assert e.value.regra is not None and "LGPD art. 6º, V" in e.value.regra


# --- o meio de ciência ---------------------------------------------------------------------


def _conferir(dados: dict[str, Any]) -> None:
    conferir_ciencia(
        cast(Session, None),  # sem procurador, a conferência não lê o banco
        cast(Processo, None),
        carregar_regime("lesta"),
        dt.date(2026, 3, 18),
        DadosCiencia.model_validate(dados),
        {},
    )


def test_a_publicacao_informada_em_outra_ciencia_e_recusada_pelo_nome_do_meio() -> None:
    """Antes: "só se informa na ciência por publicação oficial (meio 'edital'); o meio
    informado é 'pessoal'"."""
    veiculo = {"veiculo": "dou", "publicado_em": "2026-03-18", "referencia": "p. 41"}
    with pytest.raises(EntradaInvalida) as e:
        _conferir({"meio": "AR", "publicacao": veiculo})
    assert e.value.mensagem == (
        "só se informa na ciência por publicação oficial; a ciência informada é por via postal "
        "com aviso de recebimento"
    )
    assert e.value.campo == "dados.publicacao"
    assert "edital" not in e.value.mensagem and "'" not in e.value.mensagem


def test_meio_nao_previsto_lista_os_valores_com_o_nome() -> None:
    with pytest.raises(EntradaInvalida) as e:
        _conferir({"meio": "telegrama"})
    assert e.value.mensagem == (
        "meio de ciência “telegrama” não previsto; use um de: pessoal (comunicação pessoal), "
        "AR (via postal com aviso de recebimento), edital (publicação oficial), eletrônico "
        "(meio eletrônico)"
    )


def test_todo_meio_de_ciencia_dos_quadros_tem_nome() -> None:
    nomes = {m.id: m.nome for m in comunicacao().meios}
    for m in carregar_regimes():
        if "ciencia" in m.marcas:
            for meio in m.marca("ciencia").meios:
                assert meio in nomes, (m.regime, meio)
    assert comunicacao().nome_do_meio(comunicacao().publicacao_oficial.meio) == "publicação oficial"


def test_a_ciencia_se_descreve_pelo_nome_do_meio() -> None:
    assert descrever_ciencia({"meio": "pessoal"}) == "ciência por comunicação pessoal"
    assert descrever_ciencia({"meio": "edital"}) == "ciência por publicação oficial"


# --- regras -----------------------------------------------------------------------------------


def test_reincidencia_sem_pratica_anterior_nao_cita_a_chave_nem_o_campo() -> None:
    """Antes: 'agravante reincidência (reincidencia) declarada sem prática anterior: ... o
    número de práticas anteriores (reincidencias) é 0'."""
    with pytest.raises(EntradaInvalida) as e:
        calcular_penalidade(
            "RLESTA.11", dt.date(2026, 3, 10), autor="condutor", agravantes=("reincidencia",)
        )
    assert "(reincidencia)" not in e.value.mensagem
    assert "(reincidencias)" not in e.value.mensagem
    assert e.value.mensagem.endswith("e o número de práticas anteriores informado é 0")


# --- a recusa partilhada pelas três bordas ----------------------------------------------------


def test_infracao_desconhecida_nao_cita_borda_nenhuma_e_cada_borda_diz_onde_consultar() -> None:
    """Antes, a página lia "os códigos estão na página Legislação, em GET /api/v1/infracoes e
    em `farol infracoes`": a mensagem do serviço citava a API e a CLI em toda borda."""
    from farol.cli.erros import ONDE_NA_CLI
    from farol.http.erros import ONDE_NA_API
    from farol.normas.infracoes import catalogo, infracao_desconhecida
    from farol.web.formularios import ONDE_NA_PAGINA

    assert infracao_desconhecida("RLESTA.99") == (
        "infração desconhecida: “RLESTA.99”, fora do catálogo de infrações"
    )
    with pytest.raises(ErroFarol) as e:
        catalogo().infracao("RLESTA.99")
    assert e.value.mensagem == infracao_desconhecida("RLESTA.99")
    assert e.value.mensagem_em(ONDE_NA_PAGINA).endswith("os códigos estão na página Legislação")
    assert e.value.mensagem_em(ONDE_NA_API).endswith("os códigos estão em GET /api/v1/infracoes")
    assert e.value.mensagem_em(ONDE_NA_CLI).endswith("os códigos estão em `farol infracoes`")
    assert e.value.texto() == f"codigo: {infracao_desconhecida('RLESTA.99')}"


# --- as listas de opções das recusas ------------------------------------------------------------


def test_as_recusas_que_listam_ids_dao_o_nome_de_cada_um() -> None:
    """A página mostra as opções pelo nome; a API as recebe pelo id: a recusa lista os dois
    ("om (a própria OM, que guarda a embarcação)"), como a do meio de ciência. Antes:
    "qualidade 'dono' não admitida (admitidas: proprietario, armador, preposto, om)" e "medida
    desconhecida: 'afundar' (medidas: apreensao_embarcacao, ...)"."""
    from decimal import Decimal

    from farol.normas.custodia import dados_custodia
    from farol.normas.medidas import carregar_tabela
    from farol.pdf.dados import TITULOS
    from farol.services import custodia, documentos, processos
    from farol.services.comandos import DadosDespesa, DadosMedidaImposta, Identificacao

    d = dados_custodia()
    quem = Identificacao(nome="Fulano de Tal", documento="529.982.247-25", qualidade="dono")
    despesa = DadosDespesa(item="x", valor=Decimal("1.00"), descricao="abc", comprovante="1")
    medida = DadosMedidaImposta(medidas=["afundar"], fundamentacao="x" * 20)
    nada = cast(Any, None)
    casos = [
        (lambda: custodia.conferir_qualidade(quem, d.qualidades_de_quem_recebe.valores, "q"),
         d.qualidades_de_quem_recebe.valores),
        (lambda: custodia.efeitos_antes(nada, nada, "despesa", dt.date(2026, 3, 2), despesa, {}),
         tuple(d.despesas_avulsas)),
        (lambda: documentos.tipo_documento("oficio"), tuple(t.value for t in TITULOS)),
        (lambda: processos._efeitos_antes(nada, nada, nada, nada, medida, {}, nada),
         tuple(carregar_tabela().medidas)),
    ]  # fmt: skip
    ids = _ids_internos()
    for recusar, opcoes in casos:
        with pytest.raises(EntradaInvalida) as e:
            recusar()
        for opcao in opcoes:
            assert f"{opcao} (" in e.value.mensagem, (opcao, e.value.mensagem)
        assert _ids_citados(e.value.mensagem, ids) == [], e.value.mensagem
        assert "'" not in e.value.mensagem, e.value.mensagem
