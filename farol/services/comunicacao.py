"""A ciência do interessado (marca `ciencia`): o meio, a publicação oficial e o procurador.

Norma de 2023, item 3.6.6: a comunicação dos atos "poderá ser efetuada pessoalmente; pelo
preposto ou representante legal; por via postal com aviso de recebimento (AR); por telegrama;
ou por outro meio que assegure a ciência do interessado"; e, no caso de interessado
indeterminado, desconhecido ou de endereço indefinido (Lei 9.784/1999 art. 26 § 4º), "a
divulgação poderá ser feita por meio de publicação oficial" na página da OM na internet, no
quadro de avisos do GAP ou no Diário Oficial da União.

Regras (`conferir_ciencia`, chamada por `processos.registrar_ato` antes de gravar o ato):
- o meio é um dos `meios` da marca `ciencia` no quadro do regime;
- no meio que `dados/comunicacao.yaml` diz ser a publicação oficial, são obrigatórios o
  veículo (da lista fechada), a data e a referência da publicação, a hipótese (indeterminado,
  desconhecido ou endereço indefinido) e a justificativa; e a data do ato é a da publicação:
  o prazo que a ciência abre corre do dia seguinte a ela (Lei 9.784/1999 art. 66), como em
  toda ciência (`processos._mover_prazos` conta da data do ato);
- a ciência dada ao procurador constituído no processo o aponta (`procurador_id`); o nome vai
  gravado no ato, encadeado na auditoria.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy.orm import Session

from farol.domain.procedimento.maquina import CIENCIA, Maquina
from farol.erros import EntradaInvalida
from farol.formatos import citado, com_nomes
from farol.normas.comunicacao import Opcao, comunicacao
from farol.services.comandos import DadosCiencia
from farol.store.orm import Processo, Procurador

MARCA = CIENCIA


def _opcoes(opcoes: tuple[Opcao, ...]) -> str:
    """Os valores que a API recebe, cada um com o nome: "dou (Diário Oficial da União)"."""
    return com_nomes((o.id, o.nome) for o in opcoes)


def nome_do_meio(meio: str) -> str:
    """O meio de ciência pelo nome (dados/comunicacao.yaml): 'edital' -> 'publicação oficial'."""
    return comunicacao().nome_do_meio(meio)


def conferir_ciencia(
    s: Session,
    p: Processo,
    maquina: Maquina,
    data_ato: dt.date,
    dados: DadosCiencia,
    payload: dict[str, Any],
) -> None:
    """Confere o meio, a publicação e o procurador; grava no `payload` o nome do procurador."""
    marca = maquina.marca(MARCA, "ato")
    if dados.meio not in marca.meios:
        raise EntradaInvalida(
            f"meio de ciência {citado(dados.meio)} não previsto; use um de: "
            + com_nomes((m, nome_do_meio(m)) for m in marca.meios),
            campo="dados.meio",
            regra=marca.fontes[0].referencia(),
        )
    pub = comunicacao().publicacao_oficial
    if dados.meio == pub.meio:
        _conferir_publicacao(dados, data_ato)
    else:
        for campo in ("publicacao", "hipotese", "justificativa"):
            if getattr(dados, campo) is not None:
                raise EntradaInvalida(
                    f"só se informa na ciência por {nome_do_meio(pub.meio)}; a ciência "
                    f"informada é por {nome_do_meio(dados.meio)}",
                    campo=f"dados.{campo}",
                    regra=pub.fundamento,
                )
    if dados.procurador_id is not None:
        if dados.meio == pub.meio:
            raise EntradaInvalida(
                "a publicação oficial comunica o interessado indeterminado, desconhecido ou de "
                "endereço indefinido; a ciência dada ao procurador usa outro meio",
                campo="dados.procurador_id",
                regra=pub.fundamento,
            )
        pr = s.get(Procurador, dados.procurador_id)
        if pr is None or pr.processo_id != p.id:
            raise EntradaInvalida(
                "procurador não constituído neste processo: constitua-o antes, com o "
                "instrumento de procuração específico",
                campo="dados.procurador_id",
                regra=comunicacao().procurador.fundamento,
            )
        payload["procurador_nome"] = pr.nome


def conferir_data_corrigida(
    ciencia: dict[str, Any], corrigidos: dict[str, Any], data: dt.date, campo: str
) -> None:
    """A correção da data de uma ciência por publicação oficial fica na data da publicação
    (a de antes, ou a que a própria correção corrige em `publicacao.publicado_em`), como o
    registro exige (`_conferir_publicacao`): o prazo corre do dia seguinte a ela."""
    pub = comunicacao().publicacao_oficial
    if ciencia.get("meio") != pub.meio or not isinstance(ciencia.get("publicacao"), dict):
        return
    nova = corrigidos.get("publicacao")
    publicado = (nova if isinstance(nova, dict) else ciencia["publicacao"]).get("publicado_em")
    if publicado is not None and str(publicado) != data.isoformat():
        quando = dt.date.fromisoformat(str(publicado))
        raise EntradaInvalida(
            f"a ciência por publicação oficial se dá na data da publicação ({quando:%d/%m/%Y}), "
            f"e dela corre o prazo: a data corrigida ({data:%d/%m/%Y}) não pode ser outra "
            "(corrija também a publicação, se foi ela que se registrou errada)",
            campo=campo,
            regra=pub.fundamento_do_prazo,
        )


def faltas_da_publicacao(dados: dict[str, Any]) -> list[EntradaInvalida]:
    """Na ciência por publicação oficial, uma recusa para cada dado da publicação que falta
    (veículo, data, referência, hipótese, justificativa), cada uma no seu campo e nomeando as
    opções pelo nome, não pelo código: o formulário as mostra todas de uma vez, ao lado de
    cada campo. A API segue recebendo a recusa de `conferir_ciencia`."""
    pub = comunicacao().publicacao_oficial
    if dados.get("meio") != pub.meio:
        return []
    publicacao = dados.get("publicacao")
    valores = {
        **{f"dados.{k}": v for k, v in dados.items()},
        **{
            f"dados.publicacao.{k}": v
            for k, v in (publicacao if isinstance(publicacao, dict) else {}).items()
        },
    }
    return [
        EntradaInvalida(mensagem, campo=campo, regra=regra)
        for campo, mensagem, regra in _dados_da_publicacao()
        if not valores.get(campo)
    ]


def _dados_da_publicacao() -> tuple[tuple[str, str, str], ...]:
    """Os dados que a ciência por publicação oficial exige: (campo, o que pedir, regra)."""
    pub = comunicacao().publicacao_oficial
    return (
        ("dados.publicacao.veiculo",
         f"informe onde a comunicação foi publicada ou afixada: {_nomes(pub.veiculos)}",
         pub.veiculos[0].fundamento),
        ("dados.publicacao.publicado_em",
         "informe a data da publicação: é a data da ciência, e dela corre o prazo",
         pub.fundamento_do_prazo),
        ("dados.publicacao.referencia",
         "informe a referência da publicação: o endereço da página, a edição, seção e página "
         "do DOU, ou o registro da afixação no quadro de avisos",
         pub.fundamento),
        ("dados.hipotese",
         "a publicação oficial só cabe quando o interessado é indeterminado, desconhecido ou de "
         f"endereço indefinido: informe qual ({_nomes(pub.hipoteses)})",
         pub.fundamento),
        ("dados.justificativa", _JUSTIFIQUE, pub.fundamento),
    )  # fmt: skip


_JUSTIFIQUE = (
    "justifique a publicação oficial: por que o interessado é indeterminado, desconhecido ou "
    "de endereço indefinido (ex.: AR devolvido, endereço cadastral inexistente)"
)


def _nomes(opcoes: tuple[Opcao, ...]) -> str:
    """ "a, b ou c": as opções pelo nome, como o formulário as mostra."""
    nomes = [o.nome for o in opcoes]
    return nomes[0] if len(nomes) == 1 else f"{', '.join(nomes[:-1])} ou {nomes[-1]}"


def _conferir_publicacao(dados: DadosCiencia, data_ato: dt.date) -> None:
    pub = comunicacao().publicacao_oficial
    if dados.publicacao is None:
        raise EntradaInvalida(
            "a ciência por publicação oficial exige os dados da publicação: veículo "
            f"({_opcoes(pub.veiculos)}), data (publicado_em) e referência",
            campo="dados.publicacao",
            regra=pub.fundamento,
        )
    if pub.veiculo(dados.publicacao.veiculo) is None:
        raise EntradaInvalida(
            f"veículo de publicação oficial {citado(dados.publicacao.veiculo)} não previsto; "
            "use um "
            f"de: {_opcoes(pub.veiculos)}",
            campo="dados.publicacao.veiculo",
            regra=pub.veiculos[0].fundamento,
        )
    if dados.publicacao.publicado_em != data_ato:
        raise EntradaInvalida(
            "a ciência por publicação oficial se dá na data da publicação "
            f"({dados.publicacao.publicado_em:%d/%m/%Y}), e dela corre o prazo: registre o ato "
            f"com essa data (data_ato informada: {data_ato:%d/%m/%Y})",
            campo="dados.publicacao.publicado_em",
            regra=pub.fundamento_do_prazo,
        )
    if dados.hipotese is None or pub.hipotese(dados.hipotese) is None:
        raise EntradaInvalida(
            "a publicação oficial só cabe quando o interessado é indeterminado, desconhecido "
            f"ou de endereço indefinido: informe a hipótese ({_opcoes(pub.hipoteses)})",
            campo="dados.hipotese",
            regra=pub.fundamento,
        )
    if not dados.justificativa:
        raise EntradaInvalida(
            _JUSTIFIQUE,
            campo="dados.justificativa",
            regra=pub.fundamento,
        )


def descrever_ciencia(dados: dict[str, Any]) -> str | None:
    """Como a ciência se deu, para a linha do tempo e a consulta pública: "ciência por
    publicação em Diário Oficial da União de 05/03/2026", "ciência por via postal com aviso de
    recebimento, dada ao procurador Maria Souza", o meio pelo nome (comunicacao.yaml). Ato
    sem meio gravado (anterior à exigência): None."""
    meio = dados.get("meio")
    if not meio:
        return None
    publicacao = dados.get("publicacao")
    if isinstance(publicacao, dict) and publicacao.get("veiculo"):
        veiculo = comunicacao().publicacao_oficial.veiculo(str(publicacao["veiculo"]))
        nome = veiculo.nome if veiculo else str(publicacao["veiculo"])
        data = dt.date.fromisoformat(str(publicacao["publicado_em"]))
        return f"ciência por publicação em {nome} de {data:%d/%m/%Y}"
    texto = f"ciência por {nome_do_meio(str(meio))}"
    if dados.get("procurador_nome"):
        texto += f", dada ao procurador {dados['procurador_nome']}"
    return texto


def tem_ciencia(maquina: Maquina, tipo: str) -> bool:
    """O tipo de ato é uma ciência no quadro do regime (regime sem a marca: não)."""
    return MARCA in maquina.marcas and maquina.tem_marca(tipo, MARCA)
