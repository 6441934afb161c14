"""Dados de demonstração: a Capitania dos Portos de Santa Catarina e as suas Delegacias,
usuários de cada papel, embarcações e processos em todos os estados do quadro, com datas
realistas contadas para trás a partir de hoje (os prazos são os que o Farol calcula).

Os dados passam pelos mesmos serviços que a API usa: nada é gravado por fora das regras.
Os endereços das OMs são de demonstração; a Delegacia em Laguna fica sem endereço, para
mostrar a linha em branco que os documentos imprimem no lugar do que não foi registrado.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from farol.domain.cpf_cnpj import _digito
from farol.relogio import hoje as hoje_em_brasilia
from farol.services import inspecoes, procedimentos, processos
from farol.services.comandos import NovoAto
from farol.services.endereco_om import EnderecoDaOM
from farol.services.jurisdicao import Ator, ator_do_usuario
from farol.services.unit_of_work import caso_de_uso
from farol.services.usuarios import criar_om, criar_usuario
from farol.store.db import Banco
from farol.store.orm import OM, Usuario

SENHA_DEMO = "farol2026"

OMS: list[dict[str, Any]] = [
    {"sigla": "DPC", "nome": "Diretoria de Portos e Costas", "tipo": "DPC", "uf": "RJ",
     "municipio": "Rio de Janeiro", "superior": None,
     "endereco": {"endereco": "Rua Teófilo Otoni, nº 4", "bairro": "Centro", "cep": "20090-070"}},
    {"sigla": "COM5DN", "nome": "Comando do 5º Distrito Naval", "tipo": "DN", "uf": "RS",
     "municipio": "Rio Grande", "superior": "DPC",
     "endereco": {"endereco": "Rua Almirante Cerqueira e Souza, nº 198", "bairro": "Centro",
                  "cep": "96200-000"}},
    {"sigla": "CPSC", "nome": "Capitania dos Portos de Santa Catarina", "tipo": "CP", "uf": "SC",
     "municipio": "Florianópolis", "superior": "COM5DN",
     "endereco": {"endereco": "Rua Almirante Lamego, nº 910", "bairro": "Centro",
                  "cep": "88015-600", "telefone": "(48) 3281-4800",
                  "email": "cpsc.secom@marinha.mil.br"},
     "fechamentos": {(3, 23): "Aniversário de Florianópolis (feriado municipal)"}},
    {"sigla": "DELITAJAI", "nome": "Delegacia da Capitania dos Portos em Itajaí", "tipo": "DL",
     "uf": "SC", "municipio": "Itajaí", "superior": "CPSC",
     "endereco": {"endereco": "Rua Hercílio Luz, nº 20", "bairro": "Centro", "cep": "88301-000"},
     "fechamentos": {(6, 15): "Aniversário de Itajaí (feriado municipal)"}},
    {"sigla": "DELSFSUL", "nome": "Delegacia da Capitania dos Portos em São Francisco do Sul",
     "tipo": "DL", "uf": "SC", "municipio": "São Francisco do Sul", "superior": "CPSC",
     "endereco": {"endereco": "Rua Babitonga, nº 100", "bairro": "Centro", "cep": "89240-000"}},
    {"sigla": "DELLAGUNA", "nome": "Delegacia da Capitania dos Portos em Laguna", "tipo": "DL",
     "uf": "SC", "municipio": "Laguna", "superior": "CPSC"},
    {"sigla": "COM8DN", "nome": "Comando do 8º Distrito Naval", "tipo": "DN", "uf": "SP",
     "municipio": "São Paulo", "superior": "DPC",
     "endereco": {"endereco": "Rua Dr. Vila Nova, nº 268", "bairro": "Vila Buarque",
                  "cep": "01222-020"}},
    {"sigla": "CPSP", "nome": "Capitania dos Portos de São Paulo", "tipo": "CP", "uf": "SP",
     "municipio": "Santos", "superior": "COM8DN",
     "endereco": {"endereco": "Avenida Conselheiro Rodrigues Alves, nº 1", "bairro": "Macuco",
                  "cep": "11015-200"},
     "fechamentos": {(1, 26): "Aniversário de Santos (feriado municipal)"}},
]  # fmt: skip

USUARIOS: list[tuple[str, str, str, str]] = [
    ("inspetor.cpsc", "1ºSG Carlos Menezes", "inspetor", "CPSC"),
    ("autoridade.cpsc", "CT Mariana Albuquerque", "autoridade_competente", "CPSC"),
    ("capitao.cpsc", "CMG Ricardo Falcão", "capitao_dos_portos", "CPSC"),
    ("auditor.cpsc", "CC Helena Prado", "auditor", "CPSC"),
    ("consulta.cpsc", "SC Paulo Reis", "consulta", "CPSC"),
    ("inspetor.itajai", "2ºSG Ana Beatriz Koch", "inspetor", "DELITAJAI"),
    ("delegado.itajai", "CC Fernando Schmitt", "autoridade_competente", "DELITAJAI"),
    ("dpc", "VA Roberto Tavares (DPC)", "dpc", "DPC"),
    ("autoridade.cpsp", "CF Luiza Camargo", "autoridade_competente", "CPSP"),
    ("inspetor.cpsp", "1ºSG Tiago Nogueira", "inspetor", "CPSP"),
]

PESSOAS = [
    "Joaquim Pereira da Rosa", "Luciana Vieira Martins", "Anderson Luiz Coelho",
    "Patrícia dos Santos Hoffmann", "Ernesto Bittencourt", "Rosângela Maria da Silva",
    "Valdir Antônio Schneider", "Cristiane Duarte Lemos", "Márcio Guimarães Pacheco",
    "Sílvia Regina Amorim", "Osmar Kretzer", "Tânia Beatriz Fontes", "Gilberto Zimmermann",
    "Fabiana Cordeiro", "Renato Medeiros", "Aline Mafra", "Jorge Luiz Ventura",
    "Sandra Westphal", "Diego Araújo Nunes", "Camila Freitas", "Hélio Bastos", "Neusa Dorigon",
]  # fmt: skip

EMBARCACOES = [
    "Maré Mansa", "Estrela do Sul", "Gaivota II", "Netuno", "Sereia Azul", "Tainha Dourada",
    "Boto Cinza", "Vento Sul", "Ilha Bela", "Farolete", "Garoupa", "Ondina", "Cavalo-Marinho",
    "Lua Cheia", "Baleia Franca", "Pérola do Mar", "Corsário", "Albatroz", "Caravela",
    "Siri Azul", "Anchova", "Mar Aberto",
]  # fmt: skip


def cpf_de(n: int) -> str:
    base = f"{(n * 7919 + 123456) % 10**9:09d}"
    d1 = _digito(base, tuple(range(10, 1, -1)))
    d2 = _digito(base + d1, tuple(range(11, 1, -1)))
    return base + d1 + d2


@dataclass
class Passo:
    dia: int
    login: str
    tipo: str
    dados: dict[str, Any]


def _p(dia: int, login: str, tipo: str, **dados: Any) -> Passo:
    return Passo(dia, login, tipo, dados)


MULTA = {"penalidades": [{"infracao": "RLESTA.16.II", "multa": "600.00"}],
         "justificativa": "Embarcação sem o documento de inscrição a bordo; a defesa não o apresentou."}  # fmt: skip
AUTO = {"infracoes": [{"infracao": "RLESTA.16.II", "autor_tipo": "proprietario"}],
        "descricao": "Embarcação abordada sem o Título de Inscrição (TIE) a bordo; o proprietário "
                     "não o apresentou no prazo da Notificação para Comparecimento."}  # fmt: skip
DECISAO = {"fundamentacao": "Recurso conhecido; razões apreciadas na forma do parecer anexo."}
A, C, D = "autoridade.cpsc", "capitao.cpsc", "dpc"

_ATE_JULGAMENTO = [
    _p(14, A, "lavratura_auto", **AUTO),
    _p(15, A, "ciencia_auto", meio="pessoal"),
    _p(20, A, "defesa", texto="Alega que o documento estava em casa."),
    _p(50, A, "julgamento_procedente", **MULTA),
]
_ATE_RECURSO = [*_ATE_JULGAMENTO, _p(52, A, "ciencia_decisao", meio="AR"),
                _p(55, A, "recurso", texto="Pede a anulação da multa.")]  # fmt: skip
_ATE_DECISAO_RECURSO = [*_ATE_RECURSO, _p(70, C, "decisao_recurso_nao_provido", **DECISAO),
                        _p(72, C, "ciencia_decisao_recurso", meio="AR")]  # fmt: skip
_ATE_RECURSO_FINAL = [*_ATE_DECISAO_RECURSO,
                      _p(74, C, "recurso_final", texto="Recorre ao Diretor de Portos e Costas.")]  # fmt: skip

# (estado esperado, infração constatada, passos depois da inspeção no dia 0)
CENARIOS: list[tuple[str, str, list[Passo]]] = [
    ("notificado", "RLESTA.16.II", []),
    ("arquivado", "RLESTA.16.II", [
        _p(3, A, "esclarecimentos_prestados", texto="Apresentou o TIE original."),
        _p(5, A, "esclarecimentos_acolhidos", fundamentacao="Documento regular apresentado no prazo."),
    ]),
    ("autuado", "RLESTA.16.II", [_p(14, A, "lavratura_auto", **AUTO)]),
    ("em_defesa", "RLESTA.16.II", _ATE_JULGAMENTO[:2]),
    ("aguardando_julgamento", "RLESTA.16.II", _ATE_JULGAMENTO[:3]),
    ("julgado_procedente", "RLESTA.16.II", _ATE_JULGAMENTO),
    ("decisao_notificada", "RLESTA.16.II", _ATE_RECURSO[:5]),
    # pago depois do prazo de recurso (5 dias úteis da ciência no dia 52): o processo se quita
    ("quitado", "RLESTA.16.II", [*_ATE_RECURSO[:5],
        _p(66, A, "pagamento", valor="600.00", referencia="DARF 2026.0001")]),
    ("em_recurso", "RLESTA.16.II", _ATE_RECURSO),
    ("recurso_decidido", "RLESTA.16.II", _ATE_DECISAO_RECURSO[:-1]),
    # recurso sem efeito suspensivo (LESTA art. 24 § 1º): paga durante o recurso; provido em
    # parte, a decisão registra a restituição devida do que foi pago a maior (R$ 200,00)
    ("recurso_decidido", "RLESTA.16.II", [*_ATE_RECURSO,
        _p(60, A, "pagamento", valor="600.00", referencia="DARF 2026.0002"),
        _p(70, C, "decisao_recurso_provido_em_parte",
           penalidades=[{"infracao": "RLESTA.16.II", "multa": "400.00"}],
           justificativa="Primeira infração do proprietário e documento já regularizado: multa reduzida.")]),
    # provido no todo depois do pagamento: aguarda a restituição de R$ 600,00
    ("aguardando_restituicao", "RLESTA.16.II", [*_ATE_RECURSO,
        _p(60, A, "pagamento", valor="600.00", referencia="DARF 2026.0003"),
        _p(70, C, "decisao_recurso_provido", **DECISAO)]),
    # efeito suspensivo concedido a pedido (Lei 9.784/1999 art. 61, parágrafo único)
    ("em_recurso", "RLESTA.16.II", [*_ATE_RECURSO,
        _p(57, C, "efeito_suspensivo", a_pedido=True,
           fundamentacao="Embarcação de pesca artesanal, única fonte de renda do recorrente.")]),
    ("decisao_recurso_notificada", "RLESTA.16.II", _ATE_DECISAO_RECURSO),
    ("em_recurso_final", "RLESTA.16.II", _ATE_RECURSO_FINAL),
    ("recurso_final_decidido", "RLESTA.16.II", [*_ATE_RECURSO_FINAL,
        _p(90, D, "decisao_recurso_final_nao_provido", **DECISAO)]),
    ("decisao_definitiva_notificada", "RLESTA.16.II", [*_ATE_RECURSO_FINAL,
        _p(90, D, "decisao_recurso_final_nao_provido", **DECISAO),
        _p(92, C, "ciencia_decisao_recurso_final", meio="AR")]),
    ("divida_ativa", "RLESTA.16.II", [*_ATE_RECURSO[:5],
        _p(100, A, "inscricao_divida_ativa", texto="Ofício à PGFN.")]),
    ("encerrado", "RLESTA.12.II", [
        _p(14, A, "lavratura_auto", infracoes=[{"infracao": "RLESTA.12.II", "autor_tipo": "condutor"}]),
        _p(15, A, "ciencia_auto", meio="pessoal"),
        _p(16, A, "renuncia_defesa", texto="Renunciou à defesa no próprio auto."),
        _p(30, A, "julgamento_procedente", penalidades=[{"infracao": "RLESTA.12.II", "suspensao_dias": 30}],
           justificativa="Condutor embarcado sem a CHA; suspensão proporcional ao fato."),
        _p(31, A, "ciencia_decisao", meio="pessoal"),
        _p(45, A, "encerramento", texto="Suspensão cumprida; sem multa a pagar."),
    ]),
    ("sobrestado", "RLESTA.23.IV", [
        _p(4, A, "sobrestamento", inquerito="IAFN 012/2026 — abalroamento na Baía Norte"),
    ]),
    ("arquivado", "RLESTA.16.II", [*_ATE_JULGAMENTO[:3],
        _p(45, A, "julgamento_improcedente", fundamentacao="Documento regular comprovado na defesa.")]),
    ("aguardando_julgamento", "RLESTA.16.II", [*_ATE_JULGAMENTO[:2],
        _p(45, A, "revelia", texto="Defesa não apresentada no prazo.")]),
]  # fmt: skip


def _atores(s: Session) -> dict[str, Ator]:
    return {u.login: ator_do_usuario(s, u) for u in s.execute(select(Usuario)).scalars()}


def _inspecao(n: int, infracao: str, quando: dt.date, embarcacao: str) -> inspecoes.NovaInspecao:
    sem_condutor = infracao == "RLESTA.16.II"
    return inspecoes.NovaInspecao.model_validate(
        {
            "embarcacao": {"inscricao": f"44{10 + n % 3}{100000 + n * 37:06d}", "nome": embarcacao,
                           "tipo": "lancha" if n % 2 else "veleiro",
                           "comprimento": f"{6 + n % 9}.50",
                           "propulsao": "motor" if n % 2 else "vela e motor"},
            "proprietario": {"documento": cpf_de(n), "nome": PESSOAS[n % len(PESSOAS)],
                             "endereco": f"Rua das Gaivotas, {100 + n}, Florianópolis/SC"},
            "condutor": None if sem_condutor else {
                "documento": cpf_de(n + 500), "nome": PESSOAS[(n + 7) % len(PESSOAS)]},
            "data_hora": f"{quando.isoformat()}T10:{n % 60:02d}:00-03:00",
            "local": ["Baía Norte", "Canal da Barra da Lagoa", "Enseada de Jurerê",
                      "Baía Sul, próximo à Ponte Hercílio Luz"][n % 4],
            "situacao": "parada",
            "condutor_habilitado_presente": True,
            "constatacoes": [{"infracao": infracao, "embarcacao_inscrita": True,
                              "condutor_possui_habilitacao": True,
                              "categoria_item": "outros"}],
        }
    )  # fmt: skip


@caso_de_uso()
def banco_vazio(s: Session) -> bool:
    return int(s.execute(select(func.count()).select_from(OM)).scalar_one()) == 0


def carregar_demo(
    banco: Banco, hoje: dt.date | None = None, log: Callable[[str], None] = print
) -> None:
    hoje = hoje or hoje_em_brasilia()
    with banco.unit_of_work() as s:
        oms: dict[str, OM] = {}
        for o in OMS:
            fech = {
                dt.date(ano, m, d): motivo
                for (m, d), motivo in o.get("fechamentos", {}).items()
                for ano in range(hoje.year - 2, hoje.year + 3)
            }
            oms[o["sigla"]] = criar_om(
                s, sigla=o["sigla"], nome=o["nome"], tipo=o["tipo"], uf=o["uf"],
                municipio=o["municipio"], superior=oms.get(o["superior"] or ""), fechamentos=fech,
                endereco=EnderecoDaOM.model_validate(o["endereco"]) if "endereco" in o else None,
            )  # fmt: skip
        for login, nome, papel, om in USUARIOS:
            criar_usuario(s, login=login, nome=nome, senha=SENHA_DEMO, papel=papel, om=oms[om])
    for n, (esperado, infracao, passos) in enumerate(CENARIOS):
        ultimo = passos[-1].dia if passos else 0
        inicio = hoje - dt.timedelta(days=ultimo + 1 + (n % 3))
        _cenario(banco, n, esperado, infracao, passos, inicio)
    # Para o painel: uma multa vencida sem pagamento (ciência da decisão há 40 dias) e um
    # processo parado desde a notificação, perto da prescrição intercorrente (3 anos).
    for n, (esperado, passos, dias_parado) in enumerate(
        [("decisao_notificada", _ATE_RECURSO[:5], 40), ("notificado", [], 1000)], start=30
    ):
        inicio = hoje - dt.timedelta(days=(passos[-1].dia if passos else 0) + dias_parado)
        _cenario(banco, n, esperado, "RLESTA.16.II", passos, inicio)
    # RLESTA art. 9º, II e III: uma apuração em curso (denúncia de fato passado) e um inquérito
    # instaurado pelo Capitão dos Portos, com o prazo de conclusão correndo; o fato do inquérito
    # não é acidente da navegação (NORMAM-07 item 0316: esse vai ao inquérito do Tribunal
    # Marítimo, fora do Farol).
    with banco.unit_of_work() as s:
        atores = _atores(s)
        for n, (regime, login, dias_fato, dias_ato, texto) in enumerate(
            [
                ("apuracao", "inspetor.cpsc", 25, 10,
                 "Denúncia: lancha navegando sem inscrição na Lagoa da Conceição."),
                ("inquerito", "capitao.cpsc", 30, 12,
                 "Portaria nº 7/2026: designa o Encarregado do Inquérito sobre a denúncia de "
                 "escuna de turismo com passageiros além da lotação (sem acidente)."),
            ],
            start=50,
        ):  # fmt: skip
            procedimentos.abrir_procedimento(
                s,
                atores[login],
                procedimentos.NovoProcedimento.model_validate(
                    {
                        "regime": regime,
                        "investigado": {"documento": cpf_de(n), "nome": PESSOAS[n % len(PESSOAS)]},
                        "data_fato": (hoje - dt.timedelta(days=dias_fato)).isoformat(),
                        "data_ato": (hoje - dt.timedelta(days=dias_ato)).isoformat(),
                        "dados": {"texto": texto},
                    }
                ),
            )
    _poluicao(banco, hoje)
    # Processos de outras OMs, para a jurisdição: Delegacia de Itajaí e Capitania de São Paulo.
    for n, login in ((40, "inspetor.itajai"), (41, "inspetor.cpsp")):
        with banco.unit_of_work() as s:
            ator = _atores(s)[login]
            inspecoes.registrar_inspecao(
                s,
                ator,
                _inspecao(n, "RLESTA.16.II", hoje - dt.timedelta(days=2), EMBARCACOES[n % 22]),
            )
    log(f"demonstração carregada: {len(CENARIOS) + 8} processos em {len(OMS)} OMs")


_LAUDO_DEMO = {
    "numero": "LTA-012/2026",
    "signatario": "CF (T) Ana Ribeiro, Superintendência de Meio Ambiente da DPC",
    "volume_litros": "850.00",
    "persistencia_grupo": 3,
    "sensibilidade": "ISL 8 (praia de areia grossa), carta SAO de Itajaí",
    "acao_resposta": {"tempo_resposta": 2, "material": 2, "equipe": 1},
    "nivel_impacto": 2,
}


def _poluicao(banco: Banco, hoje: dt.date) -> None:
    """Dois autos de poluição (Lei 9.966/2000): um petroleiro retido sem o Certificado de
    Garantia Financeira, com o LTA cientificado e a complementação da defesa correndo; e um
    auto julgado à revelia, notificado para pagamento e com o prazo vencido."""

    def d(dias: int) -> dt.date:
        return hoje - dt.timedelta(days=dias)

    a = "autoridade.cpsc"
    for n, (investigado, embarcacao, fato, passos) in enumerate(
        [
            (
                {"documento": "11222333000181", "nome": "Navegação Atlântica Ltda."},
                {"inscricao": "4010012345", "nome": "NT Babitonga", "tipo": "petroleiro"},
                40,
                [
                    (38, "ciencia_auto", {"meio": "pessoal"}),
                    (38, "retencao_clc", {"toneladas_oleo_granel": "35000.00",
                                          "texto": "Sem o Certificado de Garantia Financeira."}),
                    (30, "defesa", {"texto": "Defesa prévia."}),
                    (10, "registro_laudo", {**_LAUDO_DEMO, "elaborado_em": d(11).isoformat()}),
                    (5, "ciencia_laudo", {"meio": "pessoal"}),
                ],
            ),
            (
                {"documento": cpf_de(60), "nome": PESSOAS[60 % len(PESSOAS)]},
                None,
                120,
                [
                    (118, "ciencia_auto", {"meio": "AR"}),
                    (90, "revelia", {}),
                    (80, "registro_laudo", {**_LAUDO_DEMO, "elaborado_em": d(81).isoformat()}),
                    (78, "ciencia_laudo", {"meio": "AR"}),
                    (50, "sem_complemento", {}),
                    (45, "julgamento_procedente", {
                        "multa_base": "15000.00",
                        "situacao_economica": {"valor_anual": "54000.00",
                                               "fonte": "declaração de rendimentos juntada"},
                        "justificativa": "LTA nível 2, 850 litros; resposta parcial à mancha.",
                    }),
                    (44, "ciencia_decisao", {"meio": "AR"}),
                    (20, "notificacao_para_pagamento", {"meio": "AR"}),
                ],
            ),
        ],
        start=60,
    ):  # fmt: skip
        with banco.unit_of_work() as s:
            atores = _atores(s)
            aberto = procedimentos.abrir_procedimento(
                s,
                atores[a],
                procedimentos.NovoProcedimento.model_validate(
                    {
                        "regime": "poluicao",
                        "investigado": investigado,
                        **({"embarcacao": embarcacao} if embarcacao else {}),
                        "data_fato": d(fato).isoformat(),
                        "data_ato": d(fato - 2).isoformat(),
                        "dados": {
                            "descricao": "Mancha de óleo avistada pela patrulha, a partir do "
                            "costado da embarcação.",
                            "local": "Porto de Itajaí" if n % 2 else "Baía da Babitonga",
                            "substancia": "óleo combustível marítimo",
                        },
                    }
                ),
            )
            for dias, tipo, dados in passos:
                cmd = NovoAto(tipo=tipo, data_ato=d(dias), dados=dados)
                processos.registrar_ato(s, atores[a], aberto.id, cmd)


def _cenario(
    banco: Banco, n: int, esperado: str, infracao: str, passos: list[Passo], inicio: dt.date
) -> None:
    with banco.unit_of_work() as s:
        atores = _atores(s)
        r = inspecoes.registrar_inspecao(
            s, atores["inspetor.cpsc"], _inspecao(n, infracao, inicio, EMBARCACOES[n % 22])
        )
        pid = r.processos[0].id
        for passo in passos:
            cmd = NovoAto(
                tipo=passo.tipo, data_ato=inicio + dt.timedelta(days=passo.dia), dados=passo.dados
            )
            processos.registrar_ato(s, atores[passo.login], pid, cmd)
        estado = processos.detalhar.na_sessao(s, atores["autoridade.cpsc"], pid).estado
        assert estado == esperado, (n, estado, esperado)


def logins() -> list[tuple[str, str, str]]:
    return [(login, papel, om) for login, _, papel, om in USUARIOS]
